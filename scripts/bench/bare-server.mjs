// The machine's limit for serving a page: a bare Node.js HTTP server answering every request
// with the same 31 KB HTML page from memory. Port from argv[2].
import http from "node:http";

const row = (i) => `<li class="question"><a href="/questions/${i}">How do I tune the index number ${i} of this query?</a> <span>3 answers</span></li>\n`;
let body = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Bare page</title></head><body><main><ul>\n";
for (let i = 1; Buffer.byteLength(body) < 31 * 1024 - 40; i++) body += row(i);
body = Buffer.from(`${body}</ul></main></body></html>`.padEnd(31 * 1024, " "));

http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(Number(process.argv[2]), "127.0.0.1");
