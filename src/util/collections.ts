/** Adds `value` to the list `map` holds at `key` (a new list where it holds none): a group grows in place, never copied. */
export function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
