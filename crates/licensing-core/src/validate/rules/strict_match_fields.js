// A strict-match delete carries the fields it is matched on.
if (m === ORDER(delete_product) && $strictMatchWhenDelete === true &&
    ($limitStartDate == null || $limitEndDate == null || $limitConcurrent == null)) return false;
