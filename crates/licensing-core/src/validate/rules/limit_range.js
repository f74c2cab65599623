// The end is not before the start.
if (typeof $limitStartDate === 'number' && typeof $limitEndDate === 'number' && $limitEndDate < $limitStartDate) return false;
