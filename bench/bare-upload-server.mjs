// The loopback ceiling for the enrollment upload: a bare Node HTTP server that reads a request body, drops it
// and answers its length. No multipart parsing, no disk, no framework; measured in the same run.
import http from 'node:http';

const server = http.createServer((request, response) => {
  let bytes = 0;
  request.on('data', (chunk) => (bytes += chunk.length));
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ bytes }));
  });
});
server.listen(Number(process.env.PORT ?? 8299), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
