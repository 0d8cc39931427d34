import { load, figures, start, stop, startNoop } from './load';
const n = await startNoop(3950); console.log('noop', figures(await load({ url: 'http://127.0.0.1:3950/', duration: 5 }))); await stop(n);
for (const f of ['news', 'gallery', 'home']) for (const mode of ['full', 'small']) {
  const s = await start('bench/_replay.ts', { PORT: '3951', F: `/tmp/replay-${f}.json`, MODE: mode }, 'noop ready');
  console.log(f, mode, figures(await load({ url: 'http://127.0.0.1:3951/', duration: 5 })));
  await stop(s);
}
