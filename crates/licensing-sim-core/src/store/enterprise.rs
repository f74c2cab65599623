//! Enterprises and customers: bind, create, query, update.

use licensing_core::model::{
    BindEnterpriseRequest, DefaultCustomer, EnterpriseCreation, EnterpriseCustomer, EnterpriseCustomerRequest,
    EnterpriseMember,
};

use super::{Customer, Store};

impl Store {
    /// Binds an authorized customer of (channelCode, channelCustomerId) to an
    /// enterprise main account; the first customer of a channel customer is its
    /// default one (one default per channel customer).
    pub(crate) fn bind(&mut self, req: BindEnterpriseRequest) -> Option<EnterpriseCustomer> {
        // Both ids are made before anything changes.
        if self.ids_left() < 2 {
            return None;
        }
        let channel_code = req.channel_code.unwrap_or_default();
        let channel_customer_id = req.channel_customer_id.unwrap_or_default();
        let existing = self
            .customers
            .of_channel(&channel_code, &channel_customer_id)
            .next()
            .map(|c| c.record.enterprise_global_id.clone());
        let is_default = existing.is_none();
        let enterprise_global_id = match existing.flatten() {
            Some(id) => id,
            None => self.id("EG")?,
        };
        let record = EnterpriseCustomer {
            customer_id: Some(self.id("C")?),
            channel_code: Some(channel_code),
            channel_customer_id: Some(channel_customer_id),
            enterprise_global_id: Some(enterprise_global_id),
            enterprise_name: req.enterprise_name,
            is_default: Some(is_default),
        };
        self.customers.push(Customer {
            record: record.clone(),
            crm_customer_id: None,
            customer_name: req.customer_name,
            branch_name: req.branch_name,
            address: None,
        });
        Some(record)
    }

    /// Creates an enterprise main account for a CRM customer, with its default
    /// customer and an administrator. Creating it again returns the same account.
    pub(crate) fn create(&mut self, req: EnterpriseCustomerRequest) -> Option<EnterpriseCreation> {
        let crm = req.crm_customer_id.unwrap_or_default();
        // A repeat is known by a non-blank crmCustomerId only.
        if let Some(c) = self.customers.by_crm(&crm).filter(|_| !crm.trim().is_empty()) {
            return Some(creation(c.record.enterprise_global_id.clone(), true, c.crm_customer_id.as_deref()));
        }
        if self.ids_left() < 2 {
            return None;
        }
        let enterprise_global_id = self.id("EG")?;
        let record = EnterpriseCustomer {
            customer_id: Some(self.id("C")?),
            channel_code: None,
            channel_customer_id: None,
            enterprise_global_id: Some(enterprise_global_id.clone()),
            enterprise_name: req.customer_name.clone(),
            is_default: Some(true),
        };
        self.customers.push(Customer {
            record,
            crm_customer_id: Some(crm.clone()),
            customer_name: req.customer_name,
            branch_name: req.branch_name,
            address: req.address,
        });
        Some(creation(Some(enterprise_global_id), true, Some(&crm)))
    }

    /// Customers of a channel customer; `Y` only the default one.
    pub(crate) fn query(
        &self,
        channel_code: &str,
        channel_customer_id: &str,
        default: DefaultCustomer,
    ) -> Vec<EnterpriseCustomer> {
        self.customers
            .of_channel(channel_code, channel_customer_id)
            .filter(|c| default == DefaultCustomer::No || c.record.is_default == Some(true))
            .map(|c| c.record.clone())
            .collect()
    }

    /// Changes name, branch and address of the customer of a CRM customer id;
    /// `false` when there is none.
    pub(crate) fn update(&mut self, req: EnterpriseCustomerRequest) -> bool {
        let crm = req.crm_customer_id.unwrap_or_default();
        let Some(c) = self.customers.by_crm_mut(&crm) else {
            return false;
        };
        if let Some(name) = req.customer_name {
            c.record.enterprise_name = Some(name.clone());
            c.customer_name = Some(name);
        }
        if req.branch_name.is_some() {
            c.branch_name = req.branch_name;
        }
        if req.address.is_some() {
            c.address = req.address;
        }
        true
    }
}

fn creation(enterprise_global_id: Option<String>, default_type: bool, crm: Option<&str>) -> EnterpriseCreation {
    let admin = enterprise_global_id.as_deref().map(|id| EnterpriseMember {
        member_global_id: Some(format!("{id}-M1")),
        member_identity: Some(format!("admin@{}", crm.unwrap_or("enterprise"))),
    });
    EnterpriseCreation {
        enterprise_global_id,
        default_type: Some(default_type),
        members: Some(admin.into_iter().collect()),
    }
}
