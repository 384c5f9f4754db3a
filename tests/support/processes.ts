// Processes a test starts itself (a service, a second gateway, a private NATS), with their output
// lines to wait on. Every test file that starts one calls killStartedProcesses() after each test.
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../../tools/stack/paths.mjs';

const started: Child[] = [];

/** SIGKILLs every process started since the last call. */
export function killStartedProcesses(): void {
  for (const child of started.splice(0)) child.kill('SIGKILL');
}

export interface Child {
  process: ChildProcess;
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  kill(signal: NodeJS.Signals): void;
}

/** Node with `args` (a script and its arguments), in the repository root. */
export function runNode(args: string[], env: Record<string, string>): Child {
  return runProcess(process.execPath, args, env);
}

/** Starts a process with only PATH and `env`, collecting its output lines; killed by killStartedProcesses. */
export function runProcess(command: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(command, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const handle: Child = {
    process: child,
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        handle.exit = { code, signal };
        for (const listener of listeners) listener();
        resolve(handle.exit);
      }),
    ),
    waitForLine: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const line = lines.find((l) => pattern.test(l));
          if (line) return done(() => resolve(line));
          if (handle.exit) {
            done(() => reject(new Error(`exited (${JSON.stringify(handle.exit)}) before printing ${pattern}:\n${lines.slice(-15).join('\n')}`)));
          }
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no line ${pattern} in ${timeoutMs} ms:\n${lines.slice(-15).join('\n')}`))), timeoutMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      }),
    kill: (signal) => {
      if (!handle.exit) child.kill(signal);
    },
  };
  started.push(handle);
  return handle;
}
