/** Header names are tokens (RFC 9110); values may not break the line. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const LINE_BREAK = /[\r\n\0]/;

/** The request line and headers of a POST, refusing header names and values that would break the request. */
export function requestHead(
	path: string,
	hostHeader: string,
	headers: Readonly<Record<string, string>>,
	length: number,
): string {
	let head = `POST ${path} HTTP/1.1\r\nhost: ${hostHeader}\r\nconnection: keep-alive\r\ncontent-length: ${length}\r\n`;
	for (const name in headers) {
		const value = headers[name] as string;
		if (!TOKEN.test(name)) throw new TypeError(`invalid HTTP header name ${JSON.stringify(name)}`);
		// The value is never quoted: it may be a key.
		if (LINE_BREAK.test(value)) throw new TypeError(`the value of HTTP header "${name}" contains a line break or NUL`);
		const lower = name.toLowerCase();
		if (lower === "host" || lower === "connection" || lower === "content-length") continue;
		head += `${name}: ${value}\r\n`;
	}
	return `${head}\r\n`;
}
