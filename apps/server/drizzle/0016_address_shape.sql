-- One address shape (issue 12): the parties stored with a shipment (sender, recipient) and a
-- template's return address (to_address) take the address-book names of the specification
-- (contactPhone, addressCity, ...). Only keys are renamed: values and any other key stay. No new
-- name is an old one and rows already renamed are skipped, so running it again changes nothing.
WITH address_keys(old_key, new_key) AS (VALUES
    ('company', 'contactCompany'),
    ('phone', 'contactPhone'),
    ('phone2', 'contactPhone2'),
    ('email', 'contactEmail'),
    ('countryCode', 'addressCountryCode'),
    ('countyCode', 'addressCountyCode'),
    ('county', 'addressCounty'),
    ('city', 'addressCity'),
    ('postalCode', 'addressPostalCode'),
    ('street', 'addressStreet'),
    ('number', 'addressNumber'),
    ('block', 'addressBlock'),
    ('entrance', 'addressEntrance'),
    ('intercom', 'addressIntercom'),
    ('floor', 'addressFloor'),
    ('apartment', 'addressApartment'),
    ('additionalInfo', 'addressAdditionalInfo'))
UPDATE "shipments" SET
  "sender" = COALESCE((SELECT jsonb_object_agg(COALESCE(k.new_key, e.key), e.value) FROM jsonb_each("sender") e LEFT JOIN address_keys k ON k.old_key = e.key), "sender"),
  "recipient" = COALESCE((SELECT jsonb_object_agg(COALESCE(k.new_key, e.key), e.value) FROM jsonb_each("recipient") e LEFT JOIN address_keys k ON k.old_key = e.key), "recipient")
WHERE "sender"->'addressCity' IS NULL OR "recipient"->'addressCity' IS NULL;
--> statement-breakpoint
WITH address_keys(old_key, new_key) AS (VALUES
    ('company', 'contactCompany'),
    ('phone', 'contactPhone'),
    ('phone2', 'contactPhone2'),
    ('email', 'contactEmail'),
    ('countryCode', 'addressCountryCode'),
    ('countyCode', 'addressCountyCode'),
    ('county', 'addressCounty'),
    ('city', 'addressCity'),
    ('postalCode', 'addressPostalCode'),
    ('street', 'addressStreet'),
    ('number', 'addressNumber'),
    ('block', 'addressBlock'),
    ('entrance', 'addressEntrance'),
    ('intercom', 'addressIntercom'),
    ('floor', 'addressFloor'),
    ('apartment', 'addressApartment'),
    ('additionalInfo', 'addressAdditionalInfo'))
UPDATE "order_templates" SET
  "to_address" = COALESCE((SELECT jsonb_object_agg(COALESCE(k.new_key, e.key), e.value) FROM jsonb_each("to_address") e LEFT JOIN address_keys k ON k.old_key = e.key), "to_address")
WHERE "to_address"->'addressCity' IS NULL;
