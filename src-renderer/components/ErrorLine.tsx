// Something that went wrong, said where it happened and read out at once (role="alert"); nothing when
// all is well.
export function ErrorLine({ error }: { error: string | null | undefined }) {
  if (!error) return null
  return (
    <p className="load-error" role="alert">
      {error}
    </p>
  )
}
