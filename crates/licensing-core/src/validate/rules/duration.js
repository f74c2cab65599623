// rules/duration.rs: three runs of 1 to 6 ASCII digits joined by `-`.
function isDuration(s) {
  let parts = 1;
  let run = 0;
  for (let i = 0, n = s.length; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 45) {
      if (run === 0) return false;
      parts++;
      run = 0;
    } else if (c >= 48 && c <= 57) {
      if (++run > 6) return false;
    } else {
      return false;
    }
  }
  return run !== 0 && parts === 3;
}
