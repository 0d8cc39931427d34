/**
 * Runs a bench script's `main` and ends the process: 0 once it has finished (servers and workers it started
 * must not keep the process alive), 1 with the error printed.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
