// Temporary folders that do not outlive the run that made them, however it ends.
//
// A run of the consumer or browser tests makes one temporary root (global-setup.js) outside the repository and
// shares it with the test workers: they make their projects in it, and TMPDIR points inside it, so that what
// they and their programs put in the temporary folder (Chromium's profiles from playwright-core, say) lands in
// it too. The root is removed by the global teardown, or, when the run ends without one, by this module's exit
// handler in the process that made it: Vitest's main process ends on SIGINT and SIGTERM without global
// teardown, and then its watchdog SIGKILLs the workers, so nothing they would clean up themselves gets cleaned.
// Before removing the root, the handler kills every process working inside it or naming it on its command line
// (an `npm install` a worker started, a Chromium whose profile is there), so that nothing writes into the root
// while, or after, it is removed. Only a SIGKILL of the main process escapes this; tests/run.sh therefore also
// runs its stages with a temporary folder of its own that it removes when it ends.
import { readFileSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";

const liveRoots = new Set();
const exitHooks = new Set();
let hooked = false;

/** Calls `hook` (synchronous) when this process ends any way but SIGKILL. */
export function onAnyExit(hook) {
  exitHooks.add(hook);
  if (hooked) return;
  hooked = true;
  const runHooks = () => {
    for (const h of exitHooks) {
      try {
        h();
      } catch (error) {
        process.stderr.write(
          `narrowphase tests: exit clean-up failed: ${error?.message ?? error}\n`,
        );
      }
    }
    exitHooks.clear();
  };
  process.on("exit", runHooks);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    const onSignal = () => {
      runHooks();
      process.off(signal, onSignal);
      // Whoever else listens (Vitest's reporter does) ends the process its own way; with nobody else, end it
      // the way the signal would have.
      if (process.listenerCount(signal) === 0)
        process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/** The processes (other than this one) whose working folder is inside `root` or whose command line names it. */
function processesUsing(root) {
  const found = [];
  let entries = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return found; // not Linux: nothing to look at
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`).replace(
        / \(deleted\)$/,
        "",
      );
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cwd === root || cwd.startsWith(root + sep) || cmdline.includes(root))
        found.push(Number(entry));
    } catch {
      // gone already, or not ours to read
    }
  }
  return found;
}

/** Kills what works inside `root` (see processesUsing) and removes it, synchronously. */
function removeNow(root) {
  for (const pid of processesUsing(root)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  try {
    rmSync(root, {
      recursive: true,
      force: true,
      maxRetries: 10,
      retryDelay: 50,
    });
  } catch (error) {
    process.stderr.write(
      `narrowphase tests: could not remove ${root}: ${error.message}\n`,
    );
  }
}

/**
 * A new temporary folder (in the system's temporary folder, outside the repository), removed by removeTempRoot
 * or, if this process ends first, by its exit handler. NP_KEEP_CONSUMER=1 keeps it.
 */
export async function makeTempRoot(prefix = "narrowphase-consumer-") {
  const root = await mkdtemp(join(tmpdir(), prefix));
  liveRoots.add(root);
  onAnyExit(() => {
    if (liveRoots.delete(root) && !process.env.NP_KEEP_CONSUMER)
      removeNow(root);
  });
  return root;
}

export async function removeTempRoot(root) {
  if (!liveRoots.delete(root)) return;
  if (process.env.NP_KEEP_CONSUMER) {
    console.log(`narrowphase tests: kept ${root}`);
    return;
  }
  removeNow(root);
}

/**
 * Makes the processes this one starts from now on (Vitest's test workers, when called in a global setup) keep
 * their temporary files in `root`: TMPDIR becomes `<root>/tmp`.
 */
export async function shareTempRoot(root) {
  const tmp = join(root, "tmp");
  await mkdir(tmp);
  process.env.TMPDIR = tmp;
}
