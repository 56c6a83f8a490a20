/**
 * The `width` best items by value, best first, kept while the items come one by one: equal values keep
 * the order they came in. Used where an agent shortlists placements or follow-ups in its hot loop.
 */

/**
 * Inserts `item` with `value` among the `n` kept in `items`/`values` (best first), keeping at most
 * `width`; returns how many are kept now. An item no better than the worst of a full list is dropped.
 */
// hot path
export function keepBest(
  items: Int32Array,
  values: Float64Array,
  n: number,
  width: number,
  item: number,
  value: number,
): number {
  if (n === width && value <= values[n - 1]!) return n;
  let j = n === width ? n - 1 : n++;
  for (; j > 0 && values[j - 1]! < value; j--) {
    items[j] = items[j - 1]!;
    values[j] = values[j - 1]!;
  }
  items[j] = item;
  values[j] = value;
  return n;
}
