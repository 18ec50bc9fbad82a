// Work counted instead of timed: an array that counts how often its elements are read.

/** `items` behind a proxy that counts element reads (an index read, or a method of the array's reading one). */
export function counted<T>(items: T[]): { items: T[]; reads: () => number } {
  let reads = 0
  const proxy = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++
      return Reflect.get(target, key, receiver) as unknown
    }
  })
  return { items: proxy, reads: () => reads }
}
