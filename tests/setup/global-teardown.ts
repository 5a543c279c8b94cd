export default async function globalTeardown() {
  await globalThis.__agoraTestDb?.stop();
}
