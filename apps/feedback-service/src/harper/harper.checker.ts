import { HARPER_RULES, type HarperLint } from '@fluent/writing-feedback';
import { HarperLinter } from './harper.linter';

/**
 * The part of harper.js we use. Its own declarations are reachable only through package "exports",
 * which this CommonJS build's module resolution does not read.
 */
interface HarperLintObject {
  span(): { start: number; end: number };
  lint_kind(): string;
  message(): string;
  suggestions(): { get_replacement_text(): string }[];
}
interface Linter {
  getLintConfig(): Promise<Record<string, boolean | null>>;
  setLintConfig(config: Record<string, boolean | null>): Promise<void>;
  organizedLints(text: string): Promise<Record<string, HarperLintObject[]>>;
}
interface HarperModule {
  LocalLinter: new (init: { binary: unknown; dialect?: number }) => Linter;
  Dialect: { British: number };
}

/**
 * harper.js is an ES module only; this service is compiled to CommonJS, where TypeScript would turn
 * `import()` into `require()`. A real dynamic import keeps it an ES module import in Node.
 */
const importModule = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

/**
 * Harper (npm harper.js, WebAssembly), the second checker: run on the calling thread, British
 * English, only the rules the library shows (libs/writing-feedback/src/harper.ts) switched on. The
 * WebAssembly module is compiled once, on first use (seconds; bench/FEEDBACK.md has the figures).
 * It blocks its thread while it compiles and lints: the service runs it in a worker thread
 * (HarperThread); the bench and the own-text test run it here.
 */
export class HarperChecker extends HarperLinter {
  private linter?: Promise<Linter>;

  /**
   * @param options.allRules every Harper rule on (the bench measures them all to choose; the service shows the kept ones).
   * @param options.load how harper.js is imported: vitest runs this file in a context where the
   *   compiled build's import trick has no loader, so its tests pass their own `import()`.
   */
  constructor(private readonly options: { allRules?: boolean; load?: (specifier: string) => Promise<unknown> } = {}) {
    super();
  }

  /** Compile Harper now rather than on the first text (tests and the bench measure it apart). */
  async setup(): Promise<void> {
    await this.ready();
  }

  async lints(text: string): Promise<HarperLint[]> {
    const linter = await this.ready();
    const organised = await linter.organizedLints(text);
    const lints: HarperLint[] = [];
    for (const [rule, found] of Object.entries(organised)) {
      for (const lint of found) {
        const span = lint.span();
        lints.push({ rule, kind: lint.lint_kind(), start: span.start, end: span.end, message: lint.message(), suggestions: lint.suggestions().map((s) => s.get_replacement_text()) });
      }
    }
    return lints;
  }

  private ready(): Promise<Linter> {
    this.linter ??= (async () => {
      const load = (this.options.load ?? importModule) as <T>(specifier: string) => Promise<T>;
      const harper = await load<HarperModule>('harper.js');
      const { binary } = await load<{ binary: unknown }>('harper.js/binary');
      const linter = new harper.LocalLinter({ binary, dialect: harper.Dialect.British });
      if (!this.options.allRules) {
        const config = await linter.getLintConfig();
        for (const rule of Object.keys(config)) config[rule] = Object.hasOwn(HARPER_RULES, rule);
        await linter.setLintConfig(config);
      }
      return linter;
    })();
    // A failed start is not kept: the next text tries again (and the event is redelivered).
    this.linter.catch(() => (this.linter = undefined));
    return this.linter;
  }
}
