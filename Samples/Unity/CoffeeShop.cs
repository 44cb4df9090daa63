// C# bindings of libCoffeeShop (include/coffeeshop.h) for Unity (Mono or IL2CPP) and any .NET
// host. Copy this file into Assets/ and the library into Assets/Plugins/ (see README,
// "Embedding"). Callbacks are static methods marked [MonoPInvokeCallback], as IL2CPP requires;
// they find their session through the user-data pointer, and run on the thread that called
// Prompt, so a tool may touch Unity objects when Prompt is called from the main thread.
//
//     using (var shop = new CoffeeShop.Context())
//     {
//         string npcs = shop.Generate("npc", seed: 7, count: 2);   // a JSON array
//         using (var juno = shop.OpenSession("You are Juno, a barista.", seed: 1))
//             Debug.Log(juno.Prompt("How is the coffee?"));
//     }
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

#if !UNITY_5_3_OR_NEWER
namespace AOT
{
    /// <summary>Unity's marker for methods native code calls back (IL2CPP needs it); defined here outside Unity.</summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}
#endif

namespace CoffeeShop
{
    /// <summary>A call the library refused (Status 1) or could not complete (Status 2).</summary>
    public sealed class CoffeeShopException : Exception
    {
        public readonly int Status;

        public CoffeeShopException(int status, string message) : base(message) { Status = status; }
    }

    /// <summary>What a host tool answers: text said as it is, or a JSON value.</summary>
    public struct ToolResult
    {
        internal readonly string Value;
        internal readonly bool IsJson;

        private ToolResult(string value, bool isJson) { Value = value; IsJson = isJson; }

        public static ToolResult Text(string text) { return new ToolResult(text, false); }
        public static ToolResult Json(string json) { return new ToolResult(json, true); }
    }

    /// <summary>A host tool: the arguments as a JSON object in, the answer out; throwing fails the call.</summary>
    public delegate ToolResult ToolFunction(string argumentsJson);

    /// <summary>A tool the session may call: its name, what it does, a JSON Schema for its arguments.</summary>
    public sealed class Tool
    {
        public readonly string Name, Description, ParametersSchema;
        public readonly ToolFunction Run;

        public Tool(string name, string description, string parametersSchema, ToolFunction run)
        {
            Name = name; Description = description; ParametersSchema = parametersSchema; Run = run;
        }
    }

    internal static class Native
    {
        private const string Library = "CoffeeShop";
        public const uint AbiVersion = 1;
        public const int Ok = 0;

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate void ToolHandler(IntPtr userData, IntPtr tool, IntPtr argumentsJson, IntPtr call);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate void SnapshotHandler(IntPtr userData, IntPtr content);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint coffeeshop_abi_version();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_context_create(byte[] contentDir, byte[] model, out IntPtr context, out IntPtr error);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern void coffeeshop_context_destroy(IntPtr context);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr coffeeshop_last_error(IntPtr context);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern void coffeeshop_string_free(IntPtr text);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_generate(IntPtr context, byte[] kind, ulong seed, int count, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_generate_schema(IntPtr context, byte[] schema, ulong seed, int count, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_session_open(IntPtr context, byte[] instructions, ulong seed, byte[] toolsJson,
                                                         ToolHandler handler, IntPtr userData, out IntPtr session);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_session_prompt_streaming(IntPtr session, byte[] prompt, byte[] schema,
                                                                     SnapshotHandler onSnapshot, IntPtr userData, out IntPtr reply);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_session_prompt(IntPtr session, byte[] prompt, byte[] schema, out IntPtr reply);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_session_transcript(IntPtr session, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_session_close(IntPtr session);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_tool_call_return_text(IntPtr call, byte[] text);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_tool_call_return_json(IntPtr call, byte[] json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern int coffeeshop_tool_call_fail(IntPtr call, byte[] message);

        /// <summary>NUL-terminated UTF-8, or null for a null string.</summary>
        public static byte[] Utf8(string text)
        {
            if (text == null) return null;
            var bytes = new byte[Encoding.UTF8.GetByteCount(text) + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>The UTF-8 text at a C string pointer.</summary>
        public static string Read(IntPtr pointer)
        {
            if (pointer == IntPtr.Zero) return null;
            int length = 0;
            while (Marshal.ReadByte(pointer, length) != 0) length++;
            var bytes = new byte[length];
            Marshal.Copy(pointer, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }

        /// <summary>A string the library returned, read and freed.</summary>
        public static string Take(IntPtr pointer)
        {
            try { return Read(pointer); }
            finally { coffeeshop_string_free(pointer); }
        }
    }

    /// <summary>Content and a model ("procedural" by default, a GGUF file, or a server URL).</summary>
    public sealed class Context : IDisposable
    {
        internal IntPtr Handle;

        public Context(string contentDirectory = null, string model = null)
        {
            if (Native.coffeeshop_abi_version() != Native.AbiVersion)
                throw new CoffeeShopException(1, "libCoffeeShop implements ABI " + Native.coffeeshop_abi_version() + ", these bindings " + Native.AbiVersion);
            IntPtr error;
            int status = Native.coffeeshop_context_create(Native.Utf8(contentDirectory), Native.Utf8(model), out Handle, out error);
            if (status != Native.Ok) throw new CoffeeShopException(status, Native.Take(error));
        }

        internal void Check(int status)
        {
            if (status != Native.Ok) throw new CoffeeShopException(status, Native.Read(Native.coffeeshop_last_error(Handle)));
        }

        internal string Result(int status, IntPtr output)
        {
            Check(status);
            return Native.Take(output);
        }

        /// <summary>`count` items of "npc", "riddle" or "dialog" as a JSON array.</summary>
        public string Generate(string kind, ulong seed = 0, int count = 1)
        {
            IntPtr json;
            return Result(Native.coffeeshop_generate(Handle, Native.Utf8(kind), seed, count, out json), json);
        }

        /// <summary>`count` values of a JSON Schema as a JSON array.</summary>
        public string GenerateSchema(string schemaJson, ulong seed = 0, int count = 1)
        {
            IntPtr json;
            return Result(Native.coffeeshop_generate_schema(Handle, Native.Utf8(schemaJson), seed, count, out json), json);
        }

        public Session OpenSession(string instructions = null, ulong seed = 0, params Tool[] tools)
        {
            return new Session(this, instructions, seed, tools);
        }

        public void Dispose()
        {
            if (Handle == IntPtr.Zero) return;
            Native.coffeeshop_context_destroy(Handle);
            Handle = IntPtr.Zero;
        }
    }

    /// <summary>A conversation with instructions, the host's tools, and a transcript.</summary>
    public sealed class Session : IDisposable
    {
        private readonly Context context;
        private readonly Dictionary<string, ToolFunction> tools = new Dictionary<string, ToolFunction>();
        private IntPtr handle;
        private GCHandle self;
        private Action<string> snapshotTaker;

        // One delegate each for the whole process, so the garbage collector never frees one the library holds.
        private static readonly Native.ToolHandler ToolTrampoline = RunTool;
        private static readonly Native.SnapshotHandler SnapshotTrampoline = TakeSnapshot;

        internal Session(Context context, string instructions, ulong seed, Tool[] declared)
        {
            this.context = context;
            var json = new StringBuilder("[");
            foreach (var tool in declared)
            {
                if (json.Length > 1) json.Append(',');
                json.Append("{\"name\":").Append(Quote(tool.Name)).Append(",\"description\":").Append(Quote(tool.Description))
                    .Append(",\"parameters\":").Append(tool.ParametersSchema).Append('}');
                tools[tool.Name] = tool.Run;
            }
            self = GCHandle.Alloc(this);
            int status = Native.coffeeshop_session_open(context.Handle, Native.Utf8(instructions), seed,
                                                        declared.Length > 0 ? Native.Utf8(json.Append(']').ToString()) : null,
                                                        ToolTrampoline, GCHandle.ToIntPtr(self), out handle);
            if (status != Native.Ok) self.Free();
            context.Check(status);
        }

        /// <summary>The reply: text, or JSON when a schema is given; `onSnapshot` gets each partial reply.</summary>
        public string Prompt(string prompt, string schemaJson = null, Action<string> onSnapshot = null)
        {
            IntPtr reply;
            if (onSnapshot == null)
                return context.Result(Native.coffeeshop_session_prompt(handle, Native.Utf8(prompt), Native.Utf8(schemaJson), out reply), reply);
            snapshotTaker = onSnapshot;
            try
            {
                return context.Result(Native.coffeeshop_session_prompt_streaming(handle, Native.Utf8(prompt), Native.Utf8(schemaJson),
                                                                                 SnapshotTrampoline, GCHandle.ToIntPtr(self), out reply), reply);
            }
            finally { snapshotTaker = null; }
        }

        /// <summary>The transcript as JSON ({"version": 1, "entries": [...]}).</summary>
        public string Transcript()
        {
            IntPtr json;
            return context.Result(Native.coffeeshop_session_transcript(handle, out json), json);
        }

        public void Dispose()
        {
            if (handle == IntPtr.Zero) return;
            int status = Native.coffeeshop_session_close(handle);
            handle = IntPtr.Zero;
            self.Free();
            context.Check(status);
        }

        [AOT.MonoPInvokeCallback(typeof(Native.ToolHandler))]
        private static void RunTool(IntPtr userData, IntPtr tool, IntPtr argumentsJson, IntPtr call)
        {
            var session = (Session)GCHandle.FromIntPtr(userData).Target;
            try
            {
                ToolResult result = session.tools[Native.Read(tool)](Native.Read(argumentsJson));
                if (result.IsJson) Native.coffeeshop_tool_call_return_json(call, Native.Utf8(result.Value));
                else Native.coffeeshop_tool_call_return_text(call, Native.Utf8(result.Value));
            }
            catch (Exception error)  // an exception must not unwind through native frames
            {
                Native.coffeeshop_tool_call_fail(call, Native.Utf8(error.Message));
            }
        }

        [AOT.MonoPInvokeCallback(typeof(Native.SnapshotHandler))]
        private static void TakeSnapshot(IntPtr userData, IntPtr content)
        {
            var session = (Session)GCHandle.FromIntPtr(userData).Target;
            try { session.snapshotTaker(Native.Read(content)); }
            catch (Exception) { }  // a failing observer must not unwind through native frames; the reply still arrives
        }

        private static string Quote(string text)
        {
            var quoted = new StringBuilder("\"");
            foreach (char c in text)
            {
                if (c == '"' || c == '\\') quoted.Append('\\').Append(c);
                else if (c < ' ') quoted.Append("\\u").Append(((int)c).ToString("x4"));
                else quoted.Append(c);
            }
            return quoted.Append('"').ToString();
        }
    }
}
