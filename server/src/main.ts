import { buildApp } from './app';
import { createContext } from './bootstrap';

/** `npm start`: migrate, seed on first start, serve. */
async function main() {
  const ctx = await createContext();
  const app = await buildApp(ctx, { logger: { level: ctx.config.logLevel } });
  const close = async () => {
    await app.close();
    ctx.mailer.close();
    await ctx.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: ctx.config.port, host: ctx.config.host });
  console.log(`\n  Microfilm contest is running at ${ctx.config.publicUrl}/home\n  (data in ${ctx.config.dataDir}, database ${ctx.dialect})\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
