// delete_product needs products; new_buy needs products, here or in its
// merchandise tree. Every package of a tree that passed has products at its
// leaves (leaf_products), so a non-empty `merchandises` has products somewhere.
if (m === ORDER(delete_product) && ($products == null || $products.length === 0)) return false;
if (m === ORDER(new_buy) && ($products == null || $products.length === 0) &&
    ($merchandises == null || $merchandises.length === 0)) return false;
