import { useState } from "react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { ImagePicker } from "@/components/common/image-picker";

import { dismissToasts, installDomShims, jsonResponse, renderWithClient } from "./feed-fixtures";

beforeAll(installDomShims);
afterEach(dismissToasts);

let uploadResponse: () => ReturnType<typeof jsonResponse>;
let uploads: number;
beforeEach(() => {
  uploads = 0;
  uploadResponse = () => jsonResponse({ url: "/uploads/0123456789abcdef0123456789abcdef.png" }, 201);
  global.fetch = jest.fn(async (url: string) => {
    if (url === "/api/upload/image?purpose=group") {
      uploads += 1;
      return uploadResponse();
    }
    return jsonResponse({ message: "Not found" }, 404);
  }) as unknown as typeof fetch;
});

function Harness({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImagePicker value={value} onChange={setValue} label="Header image" id="header-image" />
      <output data-testid="value">{value}</output>
    </>
  );
}

const file = (name: string, type: string, size = 4) => new File([new Uint8Array(size)], name, { type });

describe("ImagePicker", () => {
  it("takes a typed URL and previews it, with Remove", async () => {
    renderWithClient(<Harness />);
    await userEvent.type(screen.getByLabelText("Header image"), "https://img.example/a.png");
    expect(screen.getByTestId("value")).toHaveTextContent("https://img.example/a.png");
    expect(screen.getByRole("img", { name: "Header image preview" })).toHaveAttribute("src", "https://img.example/a.png");
    await userEvent.click(screen.getByRole("button", { name: "Remove header image" }));
    expect(screen.getByTestId("value")).toHaveTextContent("");
    expect(screen.getByRole("button", { name: /Upload header image/ })).toBeInTheDocument();
  });

  it("uploads a chosen image and toasts 'Image uploaded'", async () => {
    renderWithClient(<Harness />);
    fireEvent.change(screen.getByLabelText("Header image file"), { target: { files: [file("a.png", "image/png")] } });
    expect(await screen.findByText("Image uploaded")).toBeInTheDocument();
    expect(screen.getByTestId("value")).toHaveTextContent("/uploads/0123456789abcdef0123456789abcdef.png");
  });

  it("uploads a dropped image", async () => {
    renderWithClient(<Harness />);
    const zone = screen.getByRole("button", { name: /Upload header image/ }).parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [file("b.gif", "image/gif")] } });
    await waitFor(() => expect(uploads).toBe(1));
  });

  it("refuses non-images and files over 5MB with the picker's messages", async () => {
    renderWithClient(<Harness />);
    const input = screen.getByLabelText("Header image file");
    fireEvent.change(input, { target: { files: [file("a.txt", "text/plain")] } });
    expect(await screen.findByText("Please select an image file (JPG, PNG, GIF, etc.)")).toBeInTheDocument();
    dismissToasts();
    fireEvent.change(input, { target: { files: [file("big.png", "image/png", 5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText("File too large")).toBeInTheDocument();
    expect(screen.getByText("Please select an image smaller than 5MB")).toBeInTheDocument();
    expect(uploads).toBe(0);
  });

  it("toasts 'Upload failed' when the server refuses", async () => {
    uploadResponse = () => jsonResponse({ message: "Please select a valid image file" }, 415);
    renderWithClient(<Harness />);
    fireEvent.change(screen.getByLabelText("Header image file"), { target: { files: [file("a.png", "image/png")] } });
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to upload image. Please try again.")).toBeInTheDocument();
    expect(screen.getByTestId("value")).toHaveTextContent("");
  });
});
