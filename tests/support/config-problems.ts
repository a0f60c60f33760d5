import { ConfigError, loadConfig } from '../../server/config';

/** What loadConfig refuses in `env` (its Uzbek problems, one per setting), or none when it accepts it. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
