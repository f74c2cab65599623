// The licence types as the benchmark's generator and both peers (ajv, zod) use
// them: one list, held to the SDK's tables by tests/js/bench-values.test.mjs
// (every value of `meta`'s LicenseType, and the cloud ones as the validator
// decides them), so a new value cannot leave the bench behind. Plain data:
// the browser pages of `make bench` load it as it is.
export const LICENSE_TYPES = [
  'normal_unrecover_usbkey', 'normal_recover_usbkey', 'normal_unrecover_lan_usbkey',
  'normal_recover_lan_usbkey', 'identity_usbkey', 'identity_lan_usbkey', 'softkey', 'lan_softkey',
  'product_entity', 'cloud_account', 'cloud_customer', 'cloud_personal', 'lk_product_usbkey',
  'lk_auth_usbkey',
];
/** The cloud licences: a refund of one must name its `srcLicenseOrderId`. */
export const CLOUD_TYPES = ['cloud_account', 'cloud_customer', 'cloud_personal'];
