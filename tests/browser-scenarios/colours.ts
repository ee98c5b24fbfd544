/** The badge's colours as [r, g, b, a], as both browsers report them. */
export const GREEN = [0x18, 0x80, 0x38, 255];
export const RED = [0xd9, 0x30, 0x25, 255];
export const AMBER = [0xe3, 0x74, 0x00, 255];
export const GREY = [0x5f, 0x63, 0x68, 255];
