// A bun process running a script given as text, read line by line (the lock races' contenders:
// each prints what it got, then waits on its stdin to let go).

export interface ScriptProcess {
  child: Bun.Subprocess<"pipe", "pipe", "inherit">;
  /** The next line the process prints (throws naming `who` when it exits first). */
  line(): Promise<string>;
}

export function scriptProcess(script: string, who: string): ScriptProcess {
  const child = Bun.spawn([process.execPath, "--no-install", "-e", script], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  const out = child.stdout.getReader();
  let text = "";
  const line = async (): Promise<string> => {
    while (!text.includes("\n")) {
      const { value, done } = await out.read();
      if (done) throw new Error(`the ${who} exited (${text})`);
      text += new TextDecoder().decode(value);
    }
    const [first, ...rest] = text.split("\n");
    text = rest.join("\n");
    return first as string;
  };
  return { child, line };
}
