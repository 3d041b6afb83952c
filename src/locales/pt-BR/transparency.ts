/** The public site's texts live beside the domain: the server renders page titles with them too. */
export { transparency } from "@/domain/labels/transparency";
