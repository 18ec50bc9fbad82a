// The virtualised lists' view of their scroll box. Where there is no layout (a hidden window, a test
// DOM), the box measures 0x0 and no row would render; it is taken as a screenful instead.
import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual'

const ASSUMED = { width: 1024, height: 768 }

export function observeOrAssume<S extends Element | Window, I extends Element>(
  instance: Virtualizer<S, I>,
  cb: (rect: { width: number; height: number }) => void
) {
  return observeElementRect(instance as unknown as Virtualizer<Element, I>, (rect) => cb(rect.height > 0 ? rect : ASSUMED))
}
