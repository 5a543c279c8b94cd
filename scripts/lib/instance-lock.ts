// One `npm start` per data folder: `agora.pid` in the folder names the running Agora (its pid,
// URL and app server's pid). A second start while it runs stops with one line saying so; a start
// after a crash finds the lock's process dead, stops an app server the crashed run left behind
// (it would hold the port), and takes over.
import fs from "node:fs";
import path from "node:path";
import { commandLineOf, isAlive, StartError, waitForExit } from "./embedded-db";

export interface InstanceInfo {
  pid: number;
  url: string;
  /** The app server (next start) of that run, once started. */
  serverPid?: number;
}

export interface InstanceLock {
  /** Records the app server's pid, so a later start can clean up after a crash. */
  update(info: Partial<InstanceInfo>): void;
  release(): void;
  /** Whether this start took over from a run that did not stop cleanly (its app server may still be letting go of the port). */
  recovered: boolean;
}

const lockFile = (dataDir: string) => path.join(dataDir, "agora.pid");

/** Whether pid is a live Node process (not an unrelated process that reused the number). */
const isLiveNode = (pid: number) => isAlive(pid) && /node|tsx|next/.test(commandLineOf(pid) || "node");

function readLock(dataDir: string): InstanceInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockFile(dataDir), "utf8")) as InstanceInfo;
    return Number.isInteger(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data folder for this process, or throws StartError when an Agora is already running
 * from it. A lock left by a crashed run is taken over, after its orphaned app server is gone.
 */
export async function claimInstanceLock(dataDir: string, info: InstanceInfo, log: (m: string) => void = () => {}): Promise<InstanceLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  let acquired = false;
  let recovered = false;
  for (let attempt = 0; attempt < 3 && !acquired; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: "wx" });
      acquired = true;
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const held = readLock(dataDir);
    // A run killed a moment ago (SIGKILL, then an immediate restart) may take a little while to be gone.
    if (held && held.pid !== process.pid && isLiveNode(held.pid)) await waitForExit(held.pid, 3_000);
    if (held && held.pid !== process.pid && isLiveNode(held.pid)) {
      throw new StartError(`Agora is already running from this folder (pid ${held.pid}, ${held.url}): stop it first (Ctrl+C in its terminal, or kill ${held.pid}).`);
    }
    if (held?.serverPid && isLiveNode(held.serverPid)) {
      log(`Stopping the app server a previous run left behind (pid ${held.serverPid})`);
      process.kill(held.serverPid, "SIGTERM");
      if (!(await waitForExit(held.serverPid, 12_000))) {
        process.kill(held.serverPid, "SIGKILL");
        await waitForExit(held.serverPid, 2_000);
      }
    }
    if (held) {
      log("The previous run did not stop cleanly; recovering");
      recovered = true;
    }
    fs.rmSync(file, { force: true });
  }
  if (!acquired) throw new StartError(`Could not take ${file}: another start is racing for this folder; try again.`);
  let current = { ...info };
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readLock(dataDir)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on("exit", release);
  return {
    update(more) {
      current = { ...current, ...more };
      if (!released) fs.writeFileSync(file, JSON.stringify(current));
    },
    release,
    recovered,
  };
}
