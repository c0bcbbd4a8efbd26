/** Deployment stage: names the stack and decides what survives a delete. */
export interface StageConfig {
  name: string;
  /** Prod retains data (tables, web bucket); other stages are disposable. */
  retain: boolean;
}

export function stageConfig(name: string): StageConfig {
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(name)) {
    throw new Error(`Stage "${name}" must be lowercase letters, digits or dashes (e.g. dev, prod)`);
  }
  return { name, retain: name === 'prod' };
}
