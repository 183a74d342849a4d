// proxy-addr (jshttp, the module Express computes req.ip with) ships no types.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  function proxyaddr(req: IncomingMessage, trust: (addr: string, i: number) => boolean): string;
  export default proxyaddr;
}
