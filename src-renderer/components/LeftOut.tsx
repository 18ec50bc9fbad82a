// The options of a shared army list this ruleset bars outright (WRG 1969's Carthaginian elephants),
// named with the rule that bars them, so a player who knows the army finds why they are missing.
import type { ArmyDetails } from '../../src-main/ipc/contract'

export function LeftOut({ army }: { army: ArmyDetails }) {
  if (army.leftOut.length === 0) return null
  return <p className="muted army-left-out">Not in this ruleset: {army.leftOut.map((o) => `${o.name} (${o.reason.replace(/\.$/, '')})`).join('; ')}.</p>
}
