import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'functions', include: ['functions/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'infra', include: ['infra/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      './web/vite.config.ts',
    ],
  },
});
