// Why a download or build step failed, in one line: the network error it shows (offline, a closed
// mirror, a timeout, a proxy that refuses), else its first error line. The prestart's one-line message is built from it.
const NETWORK =
  /(getaddrinfo \S+ \S+|connect \S+ [\d.:]+|ENOTFOUND \S+|ECONNREFUSED \S*|ECONNRESET|EAI_AGAIN \S*|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|socket hang up|Request timed out|Request was cancelled|tunneling socket[^,]*|statusCode=\d+|\d+ +status code downloading|bad port|related to network connectivity)/

const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max)

/** The network error a step's output shows, if it failed for want of a network. */
export function networkReason(output: string): string | null {
  for (const line of output.split(/\r?\n/)) {
    const m = NETWORK.exec(line)
    if (m) return oneLine(m[1], 120)
  }
  return null
}

/** Why a step failed, in one line: its network error, else its first error line, else its last line. */
export function failureReason(output: string): string {
  const network = networkReason(output)
  if (network) return network
  const lines = output
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
  return oneLine(lines.find((l) => /\berror\b|ERR!/i.test(l)) ?? lines[lines.length - 1] ?? 'no output', 160)
}
