// What the drawing modules share about the catalogue (the table's resolved components, at
// `vj.catalogue`): each module reads its game's components into its own shape once per
// catalogue, the same object for every view of a table, replay or lesson.

/**
 * A reader of a view's catalogue that builds what a module draws from once per catalogue.
 * @template {object} C the game's catalogue
 * @template T what the module reads from it
 * @param {(cat: C) => T} build
 * @param {() => T} none what a view without a catalogue reads (made anew each time)
 * @returns {(vj: {catalogue?: C}) => T}
 */
export function perCatalogue(build, none) {
  /** @type {WeakMap<C, T>} */
  const memo = new WeakMap();
  return (vj) => {
    const cat = vj.catalogue;
    if (!cat) return none();
    let value = memo.get(cat);
    if (value === undefined) {
      value = build(cat);
      memo.set(cat, value);
    }
    return value;
  };
}
