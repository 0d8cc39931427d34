import { execFile } from 'node:child_process';

export type ToolResult = { code: number; stdout: string; stderr: string };

/** Runs a program with an argument array (never a shell string), resolving with its exit code and output. */
export function runTool(program: string, args: string[], timeoutMs = 120_000): Promise<ToolResult> {
  return new Promise((resolve) => {
    execFile(program, args, { timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}
