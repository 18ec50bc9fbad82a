// A select's options for things with an id and a name (rulesets, troop types, sub-factions...): the id
// is the value, the name is what the reader sees.
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return (
    <>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  )
}
