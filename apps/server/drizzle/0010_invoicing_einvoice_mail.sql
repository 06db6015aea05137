CREATE TABLE "billable_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount_bani" bigint NOT NULL,
	"reference" text NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoice_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"billing_entity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoice_connections" (
	"billing_entity_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"billing_entity_id" integer,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_percent" smallint NOT NULL,
	"net_bani" bigint NOT NULL,
	"vat_bani" bigint NOT NULL,
	"total_bani" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"to" jsonb NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transport" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_subscriptions" ADD COLUMN "billing_entity_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "invoice_every_prepay" boolean;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "invoice_every_prepay_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "invoice_every_order" boolean;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "invoice_every_order_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billable_charges" ADD CONSTRAINT "billable_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_charges" ADD CONSTRAINT "billable_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_authorizations" ADD CONSTRAINT "einvoice_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_authorizations" ADD CONSTRAINT "einvoice_authorizations_billing_entity_id_billing_entities_id_fk" FOREIGN KEY ("billing_entity_id") REFERENCES "public"."billing_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_connections" ADD CONSTRAINT "einvoice_connections_billing_entity_id_billing_entities_id_fk" FOREIGN KEY ("billing_entity_id") REFERENCES "public"."billing_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_connections" ADD CONSTRAINT "einvoice_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_entity_id_billing_entities_id_fk" FOREIGN KEY ("billing_entity_id") REFERENCES "public"."billing_entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billable_charges_reference_key" ON "billable_charges" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "billable_charges_open_idx" ON "billable_charges" USING btree ("user_id","created_at") WHERE "billable_charges"."invoice_id" is null;--> statement-breakpoint
CREATE INDEX "einvoice_authorizations_expiry_idx" ON "einvoice_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "einvoice_connections_user_idx" ON "einvoice_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number_key" ON "invoices" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "card_subscriptions" ADD CONSTRAINT "card_subscriptions_billing_entity_id_billing_entities_id_fk" FOREIGN KEY ("billing_entity_id") REFERENCES "public"."billing_entities"("id") ON DELETE set null ON UPDATE no action;