// A refund without srcLicenseOrderId (absent, null, blank) is an error (cloud
// licences) or a warning (src_license_order_recommended): either way, not clean.
if (REFUND && ($srcLicenseOrderId == null || isBlank($srcLicenseOrderId))) return false;
