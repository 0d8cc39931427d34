import { load, figures } from './load';
console.log(process.argv[2], figures(await load({ url: 'http://127.0.0.1:3900' + process.argv[2], duration: 5 })));
