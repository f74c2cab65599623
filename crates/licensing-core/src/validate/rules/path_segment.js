// rules/path_segment.rs: not `.` or `..` (any case of `%2e` counts as a dot too).
function isPathSegment(s) {
  return !/^(\.|%2e){1,2}$/i.test(s);
}
