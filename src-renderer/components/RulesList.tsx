// A troop's special rules, folded under their count: open in place with the keyboard or a click,
// not only on hover. The army list, the Armies browser and the roster's units share it.
import styles from './RulesList.module.css'

export function RulesList({ rules }: { rules: string[] }) {
  return (
    <details className={styles.unitRules}>
      <summary>{rules.length === 1 ? '1 special rule' : `${rules.length} special rules`}</summary>
      <ul>
        {rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </details>
  )
}
