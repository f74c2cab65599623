// A lowest-level package (children null, absent or []) lists products.
if (($children == null || $children.length === 0) &&
    ($licenseOrderProductList == null || $licenseOrderProductList.length === 0)) return false;
