// A product directly in a delete_product asset names the product deleted (m is
// the order type for an asset's own products, NO_ORDER elsewhere).
if (m === ORDER(delete_product) && ($productUri == null || isBlank($productUri))) return false;
