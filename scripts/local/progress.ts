/** A one-line progress bar on a terminal; plain lines when output is piped (CI logs). */
export function progressBar(title: string, stream: NodeJS.WriteStream = process.stdout) {
  let lastPct = -1;
  return (done: number, total: number, label = ''): void => {
    const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round((pct / 100) * width);
      stream.write(
        `\r  ${title} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${label.padEnd(12)}`,
      );
      if (done >= total) stream.write('\n');
    } else if (pct >= lastPct + 25 || done >= total) {
      stream.write(`  ${title}: ${pct}% ${label}\n`);
      lastPct = pct;
    }
  };
}
