// Run by tests/security/uploads.test.ts in a process of its own (a fresh server's memory, not
// the test runner's): reads and checks every hostile upload the way POST /api/upload/image does,
// sampling the process's resident memory throughout, and prints the statuses and the peak as JSON.
import { AppError } from "@/lib/server/errors";
import { readImageUpload } from "@/lib/server/uploads/multipart";
import { processImage } from "@/lib/server/uploads/image";
import { hostileUploads, uploadRequest } from "@/tests/security/hostile-images";

async function main() {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 2);
  const statuses: Record<string, number> = {};
  for (const file of await hostileUploads()) {
    try {
      await processImage(await readImageUpload(uploadRequest(file)));
      statuses[file.label] = 201;
    } catch (error) {
      statuses[file.label] = error instanceof AppError ? error.status : 500;
    }
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  process.stdout.write(JSON.stringify({ statuses, peakRss }));
}

void main();
