// A report's paths as Standard Schema asks for them (validation.js's schemas).

/** A JSON Pointer (RFC 6901) as Standard Schema path keys, array indices as numbers. */
export function pathKeys(pointer) {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((segment) => {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^(0|[1-9][0-9]{0,8})$/.test(key) ? Number(key) : key;
  });
}
