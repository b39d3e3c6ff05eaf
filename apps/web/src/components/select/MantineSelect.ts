// The real Select, in a chunk of its own: see useSelectOnDemand.
export { Select } from "@mantine/core";
