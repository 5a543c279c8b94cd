// The bench's load balancer for several app instances (issue 18): a plain Node.js HTTP proxy that
// sends each request to the next instance in turn (round robin), with keep-alive connections to
// them, and passes the request (method, path, headers including Host and cookies, body) and the
// response through unchanged. Usage: node balancer.mjs <port> <upstream port> [<upstream port>...]
import http from "node:http";

const [port, ...upstreams] = process.argv.slice(2).map(Number);
if (!port || upstreams.length === 0) throw new Error("usage: balancer.mjs <port> <upstream port>...");
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

http
  .createServer((req, res) => {
    const target = upstreams[next++ % upstreams.length];
    const upstream = http.request({ host: "127.0.0.1", port: target, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  })
  .listen(port, "127.0.0.1");
