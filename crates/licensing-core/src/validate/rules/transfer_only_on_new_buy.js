// A transfer (srcLicenseOrderId) of an asset's own product outside new_buy is a warning.
if (m !== NO_ORDER && m !== ORDER(new_buy) && !($srcLicenseOrderId == null || isBlank($srcLicenseOrderId))) return false;
