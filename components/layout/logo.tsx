import Link from "@/components/common/link";

import { Brand, BRAND_LINK_CLASS } from "@/components/layout/brand";
import { cn } from "@/lib/utils";

export { LogoMark, PRODUCT_NAME } from "@/components/layout/brand";

/** The logo and the product name, linking home. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link href="/" className={cn(BRAND_LINK_CLASS, className)}>
      <Brand />
    </Link>
  );
}
