// @ts-check
/**
 * The bench scripts' command-line options: `--name value`, the value or `fallback`, and an error
 * naming the option when neither is there.
 */
export function arg(/** @type {string} */ name, /** @type {string | undefined} */ fallback = undefined) {
  const at = process.argv.indexOf(`--${name}`);
  const value = at > 0 ? process.argv[at + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required (see the comment at the top)`);
  return value;
}
