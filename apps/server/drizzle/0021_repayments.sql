CREATE TABLE "courier_report_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" bigint NOT NULL,
	"awb" text NOT NULL,
	"amount_bani" bigint NOT NULL,
	"transfer_date" date NOT NULL,
	"transfer_reference" text,
	"repayment_id" integer,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"courier_id" text NOT NULL,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"report_date" date,
	"file_name" text,
	"uploaded_by" integer,
	"line_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"courier_id" text NOT NULL,
	"awb" text NOT NULL,
	"repayment_id" integer,
	"report_line_id" bigint,
	"expected_bani" bigint,
	"reported_bani" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"courier_id" text NOT NULL,
	"awb" text NOT NULL,
	"amount_bani" bigint NOT NULL,
	"status" text DEFAULT 'awaiting_delivery' NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"sent_by_courier_on" date,
	"report_line_id" bigint,
	"received_on" date,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_report_lines" ADD CONSTRAINT "courier_report_lines_report_id_courier_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."courier_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_report_lines" ADD CONSTRAINT "courier_report_lines_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_reports" ADD CONSTRAINT "courier_reports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_flags" ADD CONSTRAINT "reconciliation_flags_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_flags" ADD CONSTRAINT "reconciliation_flags_report_line_id_courier_report_lines_id_fk" FOREIGN KEY ("report_line_id") REFERENCES "public"."courier_report_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_flags" ADD CONSTRAINT "reconciliation_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_report_lines_report_idx" ON "courier_report_lines" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "courier_report_lines_awb_idx" ON "courier_report_lines" USING btree ("awb");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_reports_key" ON "courier_reports" USING btree ("courier_id","source","key");--> statement-breakpoint
CREATE INDEX "reconciliation_flags_open_idx" ON "reconciliation_flags" USING btree ("courier_id","kind","created_at") WHERE "reconciliation_flags"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_flags_not_reported_key" ON "reconciliation_flags" USING btree ("repayment_id") WHERE "reconciliation_flags"."kind" = 'not_reported';--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_shipment_key" ON "repayments" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_awb_key" ON "repayments" USING btree ("courier_id","awb");--> statement-breakpoint
CREATE INDEX "repayments_user_ordered_idx" ON "repayments" USING btree ("user_id","ordered_at","id");--> statement-breakpoint
CREATE INDEX "repayments_user_status_ordered_idx" ON "repayments" USING btree ("user_id","status","ordered_at");--> statement-breakpoint
CREATE INDEX "repayments_delivered_idx" ON "repayments" USING btree ("delivered_at") WHERE "repayments"."status" = 'delivered';