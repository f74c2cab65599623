// The licence types as the benchmark's generator and both peers (ajv, zod) use
// them: the SDK's own, from `licensing-sdk/meta` (the package `make bench`
// builds; the browser pages load it from /pkg/, as the bench server serves it),
// so a new value in the tables is in the bench with no edit here.
// tests/js/bench-values.test.mjs holds the cloud ones to the validator.
import { enums } from '../../pkg/meta.mjs';

export const LICENSE_TYPES = enums.LicenseType.values.map((v) => v.value);
/** The cloud licences: a refund of one must name its `srcLicenseOrderId`. */
export const CLOUD_TYPES = enums.LicenseType.values.filter((v) => v.cloud).map((v) => v.value);
