ALTER TABLE `couriers` ADD `drivers_license_expiry_requested` text;--> statement-breakpoint
ALTER TABLE `couriers` ADD `insurance_expiry_requested` text;--> statement-breakpoint
CREATE INDEX `couriers_documents_to_verify_idx` ON `couriers` (`updated_at`) WHERE "couriers"."drivers_license_expiry_requested" is not null or "couriers"."insurance_expiry_requested" is not null;