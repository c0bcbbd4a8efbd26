/** The demo generators' seeded randomness lives with the analytics library, where domain code can read it too. */
export * from '../../analytics/seeded-random.ts';
